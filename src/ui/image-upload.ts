import { z } from 'zod';
import { apiBaseUrl, parseAnswer, request } from '../api';
import type { UploadedImage } from './attributes';

const uploadedImageSchema = z.object({ url: z.string(), key: z.string() });

/** POST /organization/{org}/images/tmp/upload (the multipart field 'file'): the stored image's key and address. */
export async function uploadImage(org: string, file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  return parseAnswer(uploadedImageSchema, await request(`/organization/${org}/images/tmp/upload`, { method: 'POST', body }));
}

/** Where the gateway serves an uploaded image by its key. */
export const imageAddress = (key: string) => `${apiBaseUrl()}/images/${key}`;
