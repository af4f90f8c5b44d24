import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MissingProgramError, PROGRAMS, findProgram, requireProgram } from './programs';

// Real files in a temporary folder stand for what a machine has installed.
describe('findProgram', () => {
  let dir: string;
  const program = (relative: string) => {
    const file = path.join(dir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '#!/bin/sh\n');
    chmodSync(file, 0o755);
    return file;
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'programs-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a program on PATH under any of its names, never at a fixed /usr/bin path', () => {
    const chromium = program('bin/chromium-browser');
    expect(findProgram(PROGRAMS.chromium, { PATH: path.join(dir, 'bin') })).toBe(chromium);
  });

  it('prefers the variable that names it', () => {
    const own = program('elsewhere/promtool');
    program('bin/promtool');
    expect(findProgram(PROGRAMS.promtool, { PATH: path.join(dir, 'bin'), PROMTOOL_PATH: own })).toBe(own);
  });

  it('refuses a variable that names no executable file, rather than searching on', () => {
    expect(() => findProgram(PROGRAMS.redisServer, { PATH: '', REDIS_SERVER_PATH: path.join(dir, 'nothing') })).toThrow(
      new MissingProgramError(`REDIS_SERVER_PATH=${path.join(dir, 'nothing')} is not an executable file`),
    );
    // A folder is not a program either.
    expect(() => findProgram(PROGRAMS.redisServer, { PATH: '', REDIS_SERVER_PATH: dir })).toThrow(MissingProgramError);
  });

  it('says how to install what is missing', () => {
    expect(() => requireProgram(PROGRAMS.chromium, { PATH: dir })).toThrow(
      process.platform === 'darwin'
        ? /Chromium is not installed: brew install --cask chromium/
        : /Chromium is not installed: sudo apt-get install chromium/,
    );
  });
});
