// Types of tooling/first-load.mjs for the TypeScript e2e test that uses it.
import type { Page } from 'playwright-core';

export interface LoadedScript {
  path: string;
  raw: number;
  gzip: number;
  body: Buffer;
}
export interface Contributor {
  group: string;
  raw: number;
  gzip: number;
}
export interface Analysis {
  total: { raw: number; gzip: number };
  perScript: { path: string; raw: number; gzip: number; parts: Contributor[] | undefined }[];
  byContributor: Contributor[];
}
export const repoRoot: string;
export const FIRST_LOAD_BUDGET_BYTES: number;
export function kib(bytes: number): string;
export function kb(bytes: number): string;
export function loadLeadsList(page: Page, options: { baseUrl: string; email: string; password: string }): Promise<LoadedScript[]>;
export function distFileFor(urlPath: string): string | undefined;
export function groupOf(source: string): string;
export function contributors(script: LoadedScript, packageName?: string): Contributor[] | undefined;
export function analyse(scripts: LoadedScript[]): Analysis;
export function formatReport(analysis: Analysis, options?: { perScriptTop?: number; overallTop?: number }): string;
