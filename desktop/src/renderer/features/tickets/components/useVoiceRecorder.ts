import { useEffect, useRef, useState } from 'react';
import { keepRecording } from '../thread';

export type RecorderState = 'idle' | 'recording' | 'sending';

/** The first container this browser records in: WebM/Opus (Chromium) or Ogg/Opus (Firefox). */
export function recordingMimeType(isSupported: (type: string) => boolean): string {
  for (const type of ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/ogg']) {
    if (isSupported(type)) return type;
  }
  return '';
}

/**
 * Voice notes with MediaRecorder: idle → recording → sending (spec §4). A recording under
 * 10,000 bytes is dropped silently, as an accidental tap would make.
 */
export function useVoiceRecorder(send: (file: File) => Promise<void>, onError: (error: unknown) => void) {
  const [state, setState] = useState<RecorderState>('idle');
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const discard = useRef(false);

  const stopTracks = () => recorder.current?.stream.getTracks().forEach((track) => track.stop());

  useEffect(
    () => () => {
      discard.current = true;
      if (recorder.current?.state === 'recording') recorder.current.stop();
      stopTracks();
    },
    [],
  );

  const start = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = recordingMimeType((type) => MediaRecorder.isTypeSupported(type));
      const media = new MediaRecorder(stream, mimeType ? { mimeType, audioBitsPerSecond: 128_000 } : undefined);
      chunks.current = [];
      discard.current = false;
      media.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.current.push(event.data);
      };
      media.onstop = () => {
        stopTracks();
        const type = media.mimeType || mimeType || 'audio/webm';
        const blob = new Blob(chunks.current, { type });
        recorder.current = null;
        if (discard.current || !keepRecording(blob.size)) {
          setState('idle');
          return;
        }
        setState('sending');
        const extension = type.includes('ogg') ? 'ogg' : 'webm';
        const file = new File([blob], `audio-${Date.now()}.${extension}`, { type });
        void send(file)
          .catch(onError)
          .finally(() => setState('idle'));
      };
      recorder.current = media;
      media.start();
      setState('recording');
    } catch (error) {
      setState('idle');
      onError(error);
    }
  };

  const finish = () => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };

  const cancel = () => {
    discard.current = true;
    finish();
  };

  return { state, start, finish, cancel };
}
