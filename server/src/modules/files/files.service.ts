import { extname } from 'node:path';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { V, type FieldError, type FileList, type FileListInput, type FileListsPage } from '@atendo/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource, In, type Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user.js';
import { DomainError } from '../../common/domain-error.js';
import { findInCompany, searchPage, type ListQuery } from '../../common/pagination.js';
import { Transactions } from '../conversations/transactions.js';
import { attachmentType, type Upload } from '../media/attachment.js';
import { companyFolder, MediaStore } from '../media/media-store.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { FileListOptionEntity } from './entities/file-list-option.entity.js';
import { FileListEntity } from './entities/file-list.entity.js';

function toFileList(list: FileListEntity, options: FileListOptionEntity[]): FileList {
  return {
    id: list.id,
    companyId: list.companyId,
    name: list.name,
    message: list.message,
    options: options.map((o) => ({ id: o.id, name: o.name, path: o.path, mediaType: o.mediaType })),
  };
}

const invalid = (fields: FieldError[]) => new DomainError('ERR_VALIDATION', { fields });

/**
 * File lists (spec 2 §2 Files): a named message with files, which campaigns send. The list is
 * written first with its files' names (its options), then each option's file is uploaded; the
 * files are the company's own, kept where no public URL reaches them and handed out only to its
 * users (serveOption). Every user of the company reads the lists; admins write them.
 */
@Injectable()
export class FilesService {
  private readonly lists: Repository<FileListEntity>;
  private readonly options: Repository<FileListOptionEntity>;

  constructor(
    @InjectDataSource() db: DataSource,
    private readonly tx: Transactions,
    private readonly realtime: RealtimeService,
    private readonly media: MediaStore,
  ) {
    this.lists = db.getRepository(FileListEntity);
    this.options = db.getRepository(FileListOptionEntity);
  }

  /** GET /files: by name, 20 a page, each with its options. */
  async page(auth: AuthUser, query: ListQuery): Promise<FileListsPage> {
    const qb = this.lists.createQueryBuilder('f').where('f.companyId = :companyId', { companyId: auth.companyId });
    const { rows, count, hasMore } = await searchPage(qb, query, {
      search: ['LOWER(f.name)'],
      order: [
        ['f.name', 'ASC'],
        ['f.id', 'ASC'],
      ],
    });
    const options = rows.length
      ? await this.options.find({ where: { fileListId: In(rows.map((r) => r.id)) }, order: { id: 'ASC' } })
      : [];
    return {
      files: rows.map((list) =>
        toFileList(
          list,
          options.filter((o) => o.fileListId === list.id),
        ),
      ),
      count,
      hasMore,
    };
  }

  async findOne(auth: AuthUser, id: number): Promise<FileList> {
    const list = await findInCompany(this.lists, auth.companyId, id, 'ERR_NOT_FOUND');
    return toFileList(list, await this.optionsOf(list.id));
  }

  async create(auth: AuthUser, input: FileListInput): Promise<FileList> {
    if (input.options.some((o) => o.id)) {
      throw invalid(input.options.flatMap((o, i) => (o.id ? [{ field: `options[${i}].id`, message: V.oneOf }] : [])));
    }
    const created = await this.tx.run(`file-lists:${auth.companyId}`, async (em) => {
      const list = await em
        .getRepository(FileListEntity)
        .save({ companyId: auth.companyId, name: input.name, message: input.message });
      // One by one, in the order given: the answer's options line up with the request's.
      const options: FileListOptionEntity[] = [];
      for (const option of input.options) {
        options.push(await em.getRepository(FileListOptionEntity).save({ fileListId: list.id, name: option.name }));
      }
      return toFileList(list, options);
    });
    this.realtime.toCompany(auth.companyId, 'file', { action: 'create', files: created });
    return created;
  }

  /**
   * Renames the list and its options: an option named by its `id` is kept (its file too), one
   * without an id is added, and an option the request leaves out is deleted with its file.
   */
  async update(auth: AuthUser, id: number, input: FileListInput): Promise<FileList> {
    const list = await findInCompany(this.lists, auth.companyId, id, 'ERR_NOT_FOUND');
    const { saved, dropped } = await this.tx.run(`file-list:${list.id}`, async (em) => {
      const repo = em.getRepository(FileListOptionEntity);
      const existing = await repo.find({ where: { fileListId: list.id }, order: { id: 'ASC' } });
      const known = new Map(existing.map((o) => [o.id, o]));
      const seen = new Set<number>();
      const problems: FieldError[] = [];
      input.options.forEach((o, i) => {
        if (!o.id) return;
        if (!known.has(o.id) || seen.has(o.id)) problems.push({ field: `options[${i}].id`, message: V.oneOf });
        seen.add(o.id);
      });
      if (problems.length) throw invalid(problems);
      const gone = existing.filter((o) => !seen.has(o.id));
      if (gone.length) await repo.delete({ id: In(gone.map((o) => o.id)) });
      for (const option of input.options) {
        if (option.id) await repo.update({ id: option.id }, { name: option.name });
        else await repo.save({ fileListId: list.id, name: option.name });
      }
      const renamed = await em
        .getRepository(FileListEntity)
        .save(this.lists.merge(list, { name: input.name, message: input.message }));
      return {
        saved: toFileList(renamed, await repo.find({ where: { fileListId: list.id }, order: { id: 'ASC' } })),
        dropped: gone,
      };
    });
    for (const option of dropped) await this.media.removePrivate(companyFolder(auth.companyId), option.path);
    this.realtime.toCompany(auth.companyId, 'file', { action: 'update', files: saved });
    return saved;
  }

  async remove(auth: AuthUser, id: number): Promise<void> {
    const list = await findInCompany(this.lists, auth.companyId, id, 'ERR_NOT_FOUND');
    const options = await this.optionsOf(list.id);
    // The options go with their list (ON DELETE CASCADE).
    await this.tx.run(`file-list:${list.id}`, (em) => em.getRepository(FileListEntity).delete({ id: list.id }));
    for (const option of options) await this.media.removePrivate(companyFolder(auth.companyId), option.path);
    this.realtime.toCompany(auth.companyId, 'file', { action: 'delete', fileId: list.id });
  }

  /**
   * POST /files/uploadList/{id}: the files under `files`, each with the option it belongs to in
   * the `id` field at the same position (as the existing clients send them). Every file is checked
   * before any is kept; an option given a new file loses its previous one.
   */
  async upload(auth: AuthUser, id: number, upload: Upload): Promise<FileList> {
    const list = await findInCompany(this.lists, auth.companyId, id, 'ERR_NOT_FOUND');
    const { files } = upload;
    if (!files.length) throw invalid([{ field: 'files', message: V.required }]);
    const existing = new Map((await this.optionsOf(list.id)).map((o) => [o.id, o]));
    const ids = (upload.fields.get('id') ?? []).map(Number);
    const targets: FileListOptionEntity[] = [];
    const types: string[] = [];
    const problems: FieldError[] = [];
    for (const [i, file] of files.entries()) {
      const option = existing.get(ids[i]);
      if (!option || targets.includes(option)) problems.push({ field: `id[${i}]`, message: V.oneOf });
      else targets.push(option);
      try {
        types.push(await attachmentType(this.media, file, `files[${i}]`));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        problems.push(...(error.extra.fields ?? []));
      }
    }
    if (problems.length) throw invalid(problems);

    const folder = companyFolder(auth.companyId);
    const keys = await Promise.all(files.map((file) => this.media.savePrivate(folder, file.data)));
    try {
      await this.tx.run(`file-list:${list.id}`, async (em) => {
        for (const [i, option] of targets.entries()) {
          await em
            .getRepository(FileListOptionEntity)
            .update({ id: option.id }, { path: keys[i], mediaType: types[i] });
        }
      });
    } catch (error) {
      for (const key of keys) await this.media.removePrivate(folder, key);
      throw error;
    }
    for (const option of targets) await this.media.removePrivate(folder, option.path);
    const saved = toFileList(list, await this.optionsOf(list.id));
    this.realtime.toCompany(auth.companyId, 'file', { action: 'update', files: saved });
    return saved;
  }

  /** An option's file, to a user of the list's company only, downloaded under the option's name. */
  async serveOption(
    auth: AuthUser,
    id: number,
    optionId: number,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const list = await findInCompany(this.lists, auth.companyId, id, 'ERR_NOT_FOUND');
    const option = await this.options.findOneBy({ id: optionId, fileListId: list.id });
    if (!option?.path) throw new DomainError('ERR_NOT_FOUND');
    const extension = extname(option.path);
    const filename = option.name.toLowerCase().endsWith(extension) ? option.name : `${option.name}${extension}`;
    await this.media.servePrivate(request, reply, companyFolder(auth.companyId), option.path, filename);
  }

  private optionsOf(fileListId: number): Promise<FileListOptionEntity[]> {
    return this.options.find({ where: { fileListId }, order: { id: 'ASC' } });
  }
}
