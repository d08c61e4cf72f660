// A picture of the phone's pack (IndexedDB) as an image: an object URL made and revoked by the same effect, the
// picture's English description as its text alternative.
import { useEffect, useState } from 'react';
import type { PackedPicture } from '../../offline/local-db.ts';

export function PackedPictureImage({ picture, testId }: { picture: PackedPicture; testId: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(new Blob([picture.data], { type: picture.mimeType }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [picture.data, picture.mimeType]);
  return (
    <img
      src={url ?? undefined}
      alt={picture.description}
      lang="en"
      width={picture.width}
      height={picture.height}
      data-testid={testId}
    />
  );
}
