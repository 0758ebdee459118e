import { AppError } from '../../http/errors';
import type { ImageFault } from '../media/image-input';

export class TooManyAddressesError extends AppError {
  constructor(max: number) {
    super(409, 'too_many_addresses', `An address book holds at most ${max} addresses.`);
  }
}

export class PhotoNotImageError extends AppError {
  constructor() {
    super(415, 'photo_not_image', 'The photo must be a JPEG, PNG or WebP image.');
  }
}

/** Why a photo that is an image was refused, in the account's words (see media/image-input). */
export const photoRefusals = {
  damaged: () =>
    new AppError(400, 'photo_damaged', 'The photo is damaged or incomplete. Choose another one.'),
  too_many_pixels: () =>
    new AppError(400, 'photo_too_many_pixels', 'The photo must be at most 50 megapixels.'),
  too_small: () =>
    new AppError(400, 'photo_too_small', 'The photo must be at least 16 pixels wide.'),
  not_image: () => new PhotoNotImageError(),
} satisfies Record<ImageFault, () => AppError>;

export class PhotoTooLargeError extends AppError {
  constructor() {
    super(413, 'photo_too_large', 'The photo must be 2 MB or smaller.');
  }
}

export class PhotoMissingError extends AppError {
  constructor() {
    super(400, 'photo_missing', 'Choose a photo to upload.');
  }
}

export class NotMultipartError extends AppError {
  constructor() {
    super(415, 'unsupported_media_type', 'Send the photo as multipart/form-data.');
  }
}

/** A multipart body that does not parse: no boundary, another boundary, cut off. */
export class InvalidMultipartError extends AppError {
  constructor() {
    super(
      400,
      'invalid_multipart',
      'The upload is not a complete multipart/form-data body. Choose the photo and send it again.',
    );
  }
}
