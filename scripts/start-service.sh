#!/bin/sh
# Starts the built service with the process settings that keep its memory down; `npm start`, the Dockerfile and
# bench:health all start it through this file, so that what is measured is what runs.
#
# MALLOC_MMAP_THRESHOLD_: glibc raises its mmap threshold up to 32 MiB as large blocks are freed, after which
# those blocks (the WebAssembly compiler's working memory, at the embedded database's start) come from its heaps
# and stay resident once freed; a fixed threshold hands them back to the system when freed (about 40 MiB less).
# --max-semi-space-size: V8's young generation grows to 3 x 16 MiB while the service starts and shrinks only after
# a while idle; 2 MiB semi-spaces keep it small from the start (about 35 MiB less).
# --expose-gc: the service collects its garbage once, when it has started (src/main.ts): the start leaves 10–25 MiB
# of it in V8's old generation, which an idle service would otherwise keep resident until V8 gets to it.
# A MALLOC_MMAP_THRESHOLD_ set in the environment is kept.
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
exec node --max-semi-space-size=2 --expose-gc "$(dirname "$0")/../dist/src/main.js" "$@"
