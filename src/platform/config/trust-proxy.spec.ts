import { ConfigError, loadConfig } from './app-config.js';

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).http.trustProxy;

  it('is off by default, as Express is', () => {
    expect(loadConfig({}).http.trustProxy).toBe(false);
  });

  it('takes what Express takes: true, false, a hop count, addresses and subnets', () => {
    expect(trust('true')).toBe(true);
    expect(trust('false')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('loopback, 10.0.0.0/8,192.168.1.2, fd00::/8, 172.16.0.0/255.240.0.0')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.2',
      'fd00::/8',
      '172.16.0.0/255.240.0.0',
    ]);
  });

  it.each(['yes', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1, nginx', ','])(
    'stops the start on %j, naming the variable and what it must be',
    (value) => {
      expect(() => trust(value)).toThrow(ConfigError);
      expect(() => trust(value)).toThrow(/TRUST_PROXY=.*comma-separated addresses or subnets/);
    },
  );
});
