-- Spoken consents were typed by their container (video/webm, video/mp4) before they were decoded as audio; they
-- hold sound only, so they are served as the audio type of the same container, as new ones are.
UPDATE consent_evidence SET mime_type = 'audio/webm' WHERE kind = 'spoken' AND mime_type = 'video/webm';
UPDATE consent_evidence SET mime_type = 'audio/mp4' WHERE kind = 'spoken' AND mime_type = 'video/mp4';
