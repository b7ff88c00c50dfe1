import { describe, expect, it } from 'vitest';
import {
  createBrandInput,
  createCategoryInput,
  inUseMessage,
  isWebsiteUrl,
  updateBrandInput,
  updateCategoryInput,
} from './taxonomy.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('category and brand schemas (the forms use these too)', () => {
  it('give the spec messages for category names and descriptions', () => {
    expect(firstMessage(createCategoryInput.safeParse({ name: '' }))).toBe('Category name is required');
    expect(firstMessage(createCategoryInput.safeParse({ name: 'Ab' }))).toBe(
      'Category name must be at least 3 characters',
    );
    expect(firstMessage(createCategoryInput.safeParse({ name: 'x'.repeat(101) }))).toBe(
      'Category name must be less than 100 characters',
    );
    expect(firstMessage(updateCategoryInput.safeParse({ description: 'd'.repeat(501) }))).toBe(
      'Description must be less than 500 characters',
    );
    expect(createCategoryInput.parse({ name: '  Men  ' })).toEqual({ name: 'Men', description: '' });
  });

  it('give the spec messages for brands and normalise the website', () => {
    expect(firstMessage(createBrandInput.safeParse({}))).toBe('Brand name is required');
    expect(firstMessage(createBrandInput.safeParse({ name: 'A' }))).toBe('Brand name must be at least 2 characters');
    expect(firstMessage(createBrandInput.safeParse({ name: 'b'.repeat(101) }))).toBe(
      'Brand name must be less than 100 characters',
    );
    expect(firstMessage(createBrandInput.safeParse({ name: 'Ok', website: 'example.com' }))).toBe(
      'Website must be a valid URL starting with http:// or https://',
    );
    expect(createBrandInput.parse({ name: 'Ok' }).website).toBeNull();
    expect(createBrandInput.parse({ name: 'Ok', website: '' }).website).toBeNull();
    expect(updateBrandInput.parse({ name: 'Ok' }).website).toBeUndefined();
    expect(updateBrandInput.parse({ website: '' }).website).toBeNull();
  });

  it('accept only absolute http(s) URLs with a host as websites', () => {
    expect(isWebsiteUrl('https://brand.example/path?q=1')).toBe(true);
    expect(isWebsiteUrl('HTTP://BRAND.EXAMPLE')).toBe(true);
    for (const bad of ['javascript:alert(1)', '//brand.example', 'https://', 'https://a b.example', 'mailto:a@b.c'])
      expect(isWebsiteUrl(bad)).toBe(false);
  });

  it('word the in-use refusal with the product count', () => {
    expect(inUseMessage('category', 'Men', 12)).toBe('Cannot delete "Men": 12 products use this category');
    expect(inUseMessage('brand', 'Nike', 1)).toBe('Cannot delete "Nike": 1 product uses this brand');
  });
});
