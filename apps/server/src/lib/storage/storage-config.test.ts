import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../../test/harness.js';
import { loadConfig } from '../../config.js';

const base = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-0123' } as const;

describe('choosing the storage from the environment', () => {
  it('uses the upload folder unless S3_BUCKET is set', () => {
    expect(loadConfig({ ...base }).s3).toBeUndefined();
    expect(loadConfig({ ...base, S3_BUCKET: '' }).s3).toBeUndefined();
  });

  it('derives the public URL from the bucket when S3_PUBLIC_URL is not given', () => {
    expect(loadConfig({ ...base, S3_BUCKET: 'shop-images', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      bucket: 'shop-images',
      region: 'eu-west-1',
      forcePathStyle: false,
      publicUrl: 'https://shop-images.s3.eu-west-1.amazonaws.com',
    });
    const minio = { ...base, S3_BUCKET: 'img', S3_ENDPOINT: 'http://minio.internal:9000/' };
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: '1' }).s3?.publicUrl).toBe('http://minio.internal:9000/img');
    expect(loadConfig(minio).s3?.publicUrl).toBe('http://img.minio.internal:9000');
    expect(loadConfig({ ...minio, S3_PUBLIC_URL: 'https://cdn.example.com/' }).s3?.publicUrl).toBe(
      'https://cdn.example.com',
    );
  });

  it('passes access keys only as a pair and refuses an endpoint that is not a URL', () => {
    const keys = { ...base, S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(keys).s3?.credentials).toEqual({ accessKeyId: 'id', secretAccessKey: 'secret' });
    expect(loadConfig({ ...base, S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'id' }).s3?.credentials).toBeUndefined();
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });

  it('lets the pages load images from the public URL (Content-Security-Policy img-src)', async () => {
    const s3 = loadConfig({ ...base, S3_BUCKET: 'shop-images', S3_PUBLIC_URL: 'https://cdn.example.com/img' }).s3;
    const t = await createTestApp({ s3 });
    try {
      const res = await call(t.app, 'GET', '/shop/');
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
      // With S3 the server does not serve /uploads itself.
      expect((await call(t.app, 'GET', '/uploads/products/x.png')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
