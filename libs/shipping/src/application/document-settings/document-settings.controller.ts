import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { CreateDocumentSettingDto, UpdateDocumentSettingDto } from './document-setting.dto';
import { DocumentSettingsRepository, DuplicateDocumentSettingError, type DocumentSetting } from '../shared/document-settings.repository';

/** Which documents a tenant's shipments accept (an upload must match one by document_id or document_name). */
@ApiTags('document-settings')
@Controller('document-settings')
@UseErrorArea('shipping')
export class DocumentSettingsController {
  constructor(private readonly settings: DocumentSettingsRepository) {}

  @Get()
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'List the document settings' })
  @ApiOkResponse({ description: 'array of document settings' })
  list(@CurrentAuth() auth: AuthContext): Promise<DocumentSetting[]> {
    return this.settings.list(auth.tenantId);
  }

  @Post()
  @HttpCode(201)
  @RequireScopes('create:configuration')
  @ApiOperation({ summary: 'Create a document setting' })
  @ApiCreatedResponse({ description: 'the document setting' })
  async create(@CurrentAuth() auth: AuthContext, @Body() body: CreateDocumentSettingDto): Promise<DocumentSetting> {
    const now = new Date().toISOString();
    const setting: DocumentSetting = {
      document_id: body.document_id ?? randomUUID(),
      document_name: body.document_name.trim(),
      ...(body.description ? { description: body.description } : {}),
      creation_date: now,
      update_date: now,
    };
    await this.settings.insert(auth.tenantId, setting).catch(duplicate);
    return setting;
  }

  @Get(':document_id')
  @RequireScopes('read:configuration')
  @ApiOperation({ summary: 'Get a document setting' })
  @ApiOkResponse({ description: 'the document setting' })
  async get(@CurrentAuth() auth: AuthContext, @Param('document_id') documentId: string): Promise<DocumentSetting> {
    return (await this.settings.get(auth.tenantId, documentId)) ?? notFound(documentId);
  }

  @Put(':document_id')
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Rename or describe a document setting' })
  @ApiOkResponse({ description: 'the document setting' })
  async update(@CurrentAuth() auth: AuthContext, @Param('document_id') documentId: string, @Body() body: UpdateDocumentSettingDto): Promise<DocumentSetting> {
    const current = (await this.settings.get(auth.tenantId, documentId)) ?? notFound(documentId);
    const next: DocumentSetting = { ...current, document_name: body.document_name.trim(), description: body.description, update_date: new Date().toISOString() };
    if (!next.description) delete next.description;
    const updated = await this.settings.update(auth.tenantId, next).catch(duplicate);
    return updated ? next : notFound(documentId);
  }

  @Delete(':document_id')
  @RequireScopes('update:configuration')
  @ApiOperation({ summary: 'Delete a document setting (documents already uploaded stay on their shipments)' })
  @ApiOkResponse({ description: 'the deleted document setting' })
  async delete(@CurrentAuth() auth: AuthContext, @Param('document_id') documentId: string): Promise<DocumentSetting> {
    const current = (await this.settings.get(auth.tenantId, documentId)) ?? notFound(documentId);
    return (await this.settings.delete(auth.tenantId, documentId)) ? current : notFound(documentId);
  }
}

function notFound(documentId: string): never {
  throw ApiError.notFound(`No document setting found with the document id: ${documentId}`);
}

function duplicate(error: unknown): never {
  if (error instanceof DuplicateDocumentSettingError) throw ApiError.conflict('A document setting with this document_id or document_name already exists');
  throw error;
}
