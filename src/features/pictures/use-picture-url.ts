// A picture of the phone's pack as an object URL, made and revoked by the same effect (null until made, or when
// there is no picture).
import { useEffect, useState } from 'react';
import type { PackedPicture } from '../../offline/local-db.ts';

export function usePictureUrl(picture: Pick<PackedPicture, 'data' | 'mimeType'> | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const data = picture?.data;
  const mimeType = picture?.mimeType;
  useEffect(() => {
    if (!data) {
      setUrl(null);
      return undefined;
    }
    const made = URL.createObjectURL(new Blob([data], { type: mimeType }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [data, mimeType]);
  return url;
}
