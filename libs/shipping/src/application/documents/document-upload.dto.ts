import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { DOCUMENT_MAX_BYTES } from './pdf-content';

/** Base64 of the largest document accepted (4 characters per 3 bytes). */
export const DOCUMENT_BASE64_MAX = Math.ceil(DOCUMENT_MAX_BYTES / 3) * 4;

export class DocumentUploadDto {
  @ApiPropertyOptional({ description: 'a document setting’s id (this or document_name)' })
  @IsOptional() @IsString() @MaxLength(250) document_id?: string;

  @ApiPropertyOptional({ description: 'a document setting’s name (this or document_id)' })
  @IsOptional() @IsString() @MaxLength(250) document_name?: string;

  @ApiProperty({ description: 'the PDF, Base64-encoded' })
  @IsOptional() @IsString() @MaxLength(DOCUMENT_BASE64_MAX) content_base64?: string;
}

export class DocumentReplaceDto {
  @ApiProperty({ description: 'the new PDF content, Base64-encoded' })
  @IsOptional() @IsString() @MaxLength(DOCUMENT_BASE64_MAX) content_base64?: string;
}
