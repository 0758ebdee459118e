import { AppError } from '../../http/errors';

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
