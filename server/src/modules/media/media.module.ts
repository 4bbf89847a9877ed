import { Global, Module } from '@nestjs/common';
import { MediaStore } from './media-store.js';

/** The one store of uploaded and received files, for every module that keeps or serves one. */
@Global()
@Module({ providers: [MediaStore], exports: [MediaStore] })
export class MediaModule {}
