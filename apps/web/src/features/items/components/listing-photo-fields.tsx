// The sell form's Photos section: the timestamp code to photograph and the listing's photos.
import type { Dispatch, SetStateAction } from 'react';
import { PhotoManager } from './photo-manager';
import { TimestampCode } from './timestamp-code';

interface ListingPhotoFieldsProps {
  photos: string[];
  setPhotos: Dispatch<SetStateAction<string[]>>;
  onUploadingChange: (uploading: boolean) => void;
  /** The seller's code (issue 26); none yet while it loads or when it failed. */
  timestampCode: string | undefined;
  timestampFailed: boolean;
  /** The photo marked as showing the code (null: none). */
  markedPhoto: string | null;
  onMarkedPhotoChange: (photo: string | null) => void;
  /** The rule's text for a field, when it is the one at fault. */
  fieldError: (field: string) => string | undefined;
}

/** The timestamp code, then the photos; a photo can be marked as the timestamp photo once there is a code. */
export function ListingPhotoFields({
  photos,
  setPhotos,
  onUploadingChange,
  timestampCode,
  timestampFailed,
  markedPhoto,
  onMarkedPhotoChange,
  fieldError,
}: ListingPhotoFieldsProps) {
  return (
    <>
      <TimestampCode code={timestampCode} failed={timestampFailed} />
      <PhotoManager
        photos={photos}
        setPhotos={setPhotos}
        error={fieldError('photos')}
        onUploadingChange={onUploadingChange}
        timestamp={
          timestampCode
            ? {
                photo: markedPhoto,
                onChange: onMarkedPhotoChange,
                error: fieldError('timestampPhoto') ?? fieldError('timestampCode'),
              }
            : undefined
        }
      />
    </>
  );
}
