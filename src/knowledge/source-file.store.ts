import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { CurrentUser } from '../accounts/current-user.js';
import { newUuid } from '../platform/common/ids.js';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import { KnowledgeBaseEntity, KnowledgeBaseItemEntity, StoredFileEntity } from '../platform/database/entities/index.js';
import { canRead } from './knowledge-access.js';
import { extensionOf } from './source-file-url.js';

/** A file as it is downloaded. */
export interface DownloadableFile {
  name: string;
  ext: string;
  data: Buffer;
}

/**
 * Uploaded documents, bytes in PostgreSQL so that any instance can serve them. A file can be downloaded by
 * whoever may read the knowledge base of a live item made from it.
 */
@Injectable()
export class SourceFileStore {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** Keeps the upload an item was made from, and links the item to it (`item.sourceFileUuid` is set). */
  async keep(
    userId: string,
    item: KnowledgeBaseItemEntity,
    file: { name: string; contentType: string; data: Buffer },
  ): Promise<void> {
    const uuid = newUuid();
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(StoredFileEntity, {
        uuid,
        userId,
        kbUuid: item.kbUuid,
        name: file.name.slice(0, 250),
        ext: extensionOf(file.name),
        contentType: file.contentType.slice(0, 120),
        size: file.data.length,
        data: file.data,
      });
      await manager.update(KnowledgeBaseItemEntity, { id: item.id }, { sourceFileUuid: uuid });
    });
    item.sourceFileUuid = uuid;
  }

  /**
   * The file a link names (`<uuid>` or `<uuid>.<ext>`), when `ext` is its extension and the user may read the base
   * of a live item made from it.
   */
  async findReadable(fileName: string, user: CurrentUser): Promise<DownloadableFile | undefined> {
    const dot = fileName.lastIndexOf('.');
    const [uuid, ext] = dot < 0 ? [fileName, ''] : [fileName.slice(0, dot), fileName.slice(dot + 1)];
    if (!/^[0-9a-f]{32}$/.test(uuid)) return undefined;
    const item = await this.dataSource
      .getRepository(KnowledgeBaseItemEntity)
      .findOneBy({ sourceFileUuid: uuid, isDeleted: false });
    if (!item) return undefined;
    const base = await this.dataSource
      .getRepository(KnowledgeBaseEntity)
      .findOneBy({ uuid: item.kbUuid, isDeleted: false });
    if (!base || !canRead(base, user)) return undefined;
    const file = await this.dataSource
      .getRepository(StoredFileEntity)
      .createQueryBuilder('file')
      .addSelect('file.data')
      .where('file.uuid = :uuid AND file.is_deleted = false', { uuid })
      .getOne();
    if (!file?.data || file.ext !== ext.toLowerCase()) return undefined;
    return { name: file.name, ext: file.ext, data: file.data };
  }
}
