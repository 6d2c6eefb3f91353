import { Module } from '@nestjs/common';
import { WebController } from './web.controller.js';

/** Serves the web page built from web/ into dist/web. */
@Module({ controllers: [WebController] })
export class WebModule {}
