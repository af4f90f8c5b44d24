import { refusePlaintextOnTheInternet } from './plaintextRefusal';

describe('refusePlaintextOnTheInternet', () => {
  it('refuses plain HTTP to an S3 endpoint on the internet, and allows it locally or over HTTPS', () => {
    expect(() => refusePlaintextOnTheInternet('http', 's3.example.com', 9000, '93.184.216.34')).toThrow(
      expect.objectContaining({
        code: 'tls',
        message: 'The endpoint s3.example.com:9000 does not speak HTTPS; an S3 endpoint on the internet must.',
      }),
    );
    expect(() => refusePlaintextOnTheInternet('https', 's3.example.com', 443, '93.184.216.34')).not.toThrow();
    expect(() => refusePlaintextOnTheInternet('http', 'localhost', 9000, '127.0.0.1')).not.toThrow();
    expect(() => refusePlaintextOnTheInternet('http', 'minio', 9000, '10.0.0.7')).not.toThrow();
  });
});
