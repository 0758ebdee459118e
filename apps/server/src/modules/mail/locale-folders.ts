import { sourceFile } from '../../server-files';

/**
 * Where the mails' text is kept: `<folder>/<language code>.json` for each of the shop's
 * languages (`@souq/contracts/languages`), the first folder holding a language's file winning.
 */
export const mailLocaleFolders: readonly string[] = [sourceFile('modules/mail/locales')];
