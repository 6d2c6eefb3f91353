import { jest } from '@jest/globals';
import { AppLogger } from './app-logger.js';

/** What the logger writes for these calls, as JSON lines (`level` and `context` of each). */
function written(levels: ('log' | 'debug' | 'warn')[], calls: (logger: AppLogger) => void) {
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    calls(new AppLogger({ json: true, logLevels: levels }));
  } finally {
    write.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as { level: string; context: string; message: unknown });
}

describe('AppLogger', () => {
  const startUp = (logger: AppLogger) => {
    logger.log('AuthModule dependencies initialized', 'InstanceLoader');
    logger.log('UserController {/user}:', 'RoutesResolver');
    logger.log('Mapped {/user/config, GET} route', 'RouterExplorer');
    logger.log({ message: 'database ready' }, 'Database');
  };

  it('writes route mapping and module wiring at debug level: absent at the default level', () => {
    expect(written(['log', 'warn'], startUp).map((line) => line.context)).toEqual(['Database']);
  });

  it('still writes them when debug is on, as debug lines', () => {
    expect(written(['log', 'debug'], startUp).map((line) => [line.context, line.level])).toEqual([
      ['InstanceLoader', 'debug'],
      ['RoutesResolver', 'debug'],
      ['RouterExplorer', 'debug'],
      ['Database', 'log'],
    ]);
  });
});
