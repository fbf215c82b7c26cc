import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import type { ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';

/**
 * sharp is a native module: esbuild cannot bundle its .node binary and libvips. We keep `sharp` external
 * and copy the installed package, with its dependencies, next to the bundle (node_modules/ in the
 * function's asset), which works offline and without Docker, where `nodeModules: ['sharp']` would run
 * `npm install` (network) for the build machine's platform anyway.
 *
 * The binaries copied are the ones installed here, so the function runs on the architecture they were
 * built for: Linux glibc x64 on this project's machines (Lambda's Node runtime is Amazon Linux 2023, glibc).
 * Which functions get sharp is not a list to maintain: a function ships it when its own code imports it
 * (lib/constructs/bundle-scan.ts).
 */
export const nativeModule = 'sharp';

export interface NativeModuleShipping {
  readonly architecture: Architecture;
  readonly commandHooks: ICommandHooks;
}

/** Architecture and bundling hooks that ship the installed `sharp` (and what it needs) with a function. */
export function shipSharp(projectRoot: string): NativeModuleShipping {
  const arch = installedLinuxArch(projectRoot);
  const packages = packageClosure(nativeModule, projectRoot).filter((dir) => keepForArch(dir, arch));
  return {
    architecture: arch === 'arm64' ? Architecture.ARM_64 : Architecture.X86_64,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir, outputDir) =>
        packages.map((dir) => {
          const target = path.join(outputDir, dir);
          return `mkdir -p "${path.dirname(target)}" && cp -R "${path.join(inputDir, dir)}" "${target}"`;
        }),
    },
  };
}

type LinuxArch = 'x64' | 'arm64';

function installedLinuxArch(projectRoot: string): LinuxArch {
  for (const arch of ['arm64', 'x64'] as const) {
    const binary = path.join(projectRoot, 'node_modules', '@img', `sharp-linux-${arch}`);
    const libvips = path.join(projectRoot, 'node_modules', '@img', `sharp-libvips-linux-${arch}`);
    if (existsSync(binary) && existsSync(libvips)) return arch;
  }
  throw new Error(
    'sharp has no Linux (glibc) binary in node_modules, which the image functions need on Lambda. ' +
      'Install one without changing package.json: `npm install --no-save --os=linux --cpu=x64 sharp`.',
  );
}

/** Drops sharp's prebuilt packages for other platforms (darwin, win32, musl, the other CPU). */
function keepForArch(packageDir: string, arch: LinuxArch): boolean {
  const prebuilt = /node_modules\/@img\/sharp-(?:libvips-)?([a-z0-9]+)-([a-z0-9]+)$/.exec(packageDir.split(path.sep).join('/'));
  return !prebuilt || (prebuilt[1] === 'linux' && prebuilt[2] === arch);
}

/**
 * The installed directories (relative to projectRoot) of a package and of the dependencies and
 * optional dependencies it needs at run time, resolved the way Node does: nearest node_modules upward.
 */
export function packageClosure(name: string, projectRoot: string): string[] {
  const found = new Set<string>();
  const visit = (pkg: string, fromDir: string) => {
    const dir = locatePackage(pkg, fromDir, projectRoot);
    if (!dir) return;
    const relative = path.relative(projectRoot, dir);
    if (found.has(relative)) return;
    found.add(relative);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) visit(dep, dir);
  };
  visit(name, projectRoot);
  if (found.size === 0) throw new Error(`${name} is not installed under ${projectRoot}/node_modules`);
  return [...found].sort();
}

function locatePackage(pkg: string, fromDir: string, projectRoot: string): string | undefined {
  for (let dir = fromDir; dir.startsWith(projectRoot); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === projectRoot) break;
  }
  return undefined;
}
