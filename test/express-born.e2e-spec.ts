import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { startApp, type RunningApp } from './support/app.js';

describe('the HTTP server', () => {
  let server: RunningApp;

  beforeAll(async () => {
    server = await startApp({});
  });

  afterAll(async () => {
    await server.close();
  });

  it("makes requests and responses with Express's prototypes from the start, and they still serve", async () => {
    const express = server.app.getHttpAdapter().getInstance() as Express;
    const http = server.app.getHttpServer() as Server;
    const born: { request: object | null; response: object | null }[] = [];
    // Ahead of Express's own listener: what Node made, before Express could change it.
    const record = (request: IncomingMessage, response: ServerResponse) =>
      born.push({
        request: Object.getPrototypeOf(request) as object | null,
        response: Object.getPrototypeOf(response) as object | null,
      });
    http.prependListener('request', record);
    try {
      const health = await fetch(`${server.baseUrl}/health`);
      expect(health.status).toBe(200);
      const login = await fetch(`${server.baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"email":',
      });
      expect(login.status).toBe(400);
    } finally {
      http.off('request', record);
    }
    expect(born).toHaveLength(2);
    for (const { request, response } of born) {
      expect(request).toBe(express.request);
      expect(response).toBe(express.response);
    }
  });
});
