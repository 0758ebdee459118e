import fs from 'node:fs';
import path from 'node:path';
import { parseMediaPath } from '@souq/contracts/media';
import { shopPublicDir } from '../catalog/catalog-import';
import type { MediaService } from '../media/media.service';

const shopImagePattern = /^\/images\/[A-Za-z0-9._/-]+$/;

/**
 * Which of these picture paths the shop cannot show: a /media/ path must name an uploaded copy,
 * anything else must be one of the shop's own files under /images/. Answers a message per bad
 * path's index; empty when every path is good.
 */
export async function unknownPictures(
  paths: string[],
  media: MediaService,
  publicDir = shopPublicDir,
): Promise<Map<number, string>> {
  const uploaded = await media.existingPaths(paths);
  const problems = new Map<number, string>();
  paths.forEach((p, i) => {
    if (parseMediaPath(p)) {
      if (!uploaded.has(p)) problems.set(i, 'No such uploaded picture; upload it again');
      return;
    }
    const isShopFile =
      shopImagePattern.test(p) &&
      !p.split('/').includes('..') &&
      fs.existsSync(path.join(publicDir, p));
    if (!isShopFile) problems.set(i, 'Use an uploaded picture or one of the shop’s own');
  });
  return problems;
}
