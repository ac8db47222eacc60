import { expect, type Page } from '@playwright/test';
import { png } from './images';

/** On Add Item: the demo company's Headphones into Main Warehouse, with these serials (lines or ranges). */
export async function fillReception(page: Page, serials: string): Promise<void> {
  await page.getByRole('combobox', { name: /^Item type/ }).click();
  await page.getByRole('option', { name: 'Headphones' }).click();
  await page.getByRole('combobox', { name: /^Location/ }).click();
  await page.getByRole('option', { name: 'Main Warehouse' }).click();
  await page.getByRole('textbox', { name: 'Serials' }).fill(serials);
}

/** Adds one photo (a real PNG of one colour) through the screen's photo picker and waits for it. */
export async function addPhoto(page: Page, name: string, rgb: [number, number, number]): Promise<void> {
  await page.getByLabel(/Add photos/).setInputFiles({ name, mimeType: 'image/png', buffer: png(48, 32, rgb) });
  await expect(page.getByText('1 photo added.')).toBeVisible();
}
