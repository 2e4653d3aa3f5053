import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class DocumentUploadDto {
  @ApiPropertyOptional({ description: 'a document setting’s id (this or document_name)' })
  @IsOptional() @IsString() @MaxLength(250) document_id?: string;

  @ApiPropertyOptional({ description: 'a document setting’s name (this or document_id)' })
  @IsOptional() @IsString() @MaxLength(250) document_name?: string;

  @ApiProperty({ description: 'the PDF, Base64-encoded' })
  @IsOptional() @IsString() content_base64?: string;
}

export class DocumentReplaceDto {
  @ApiProperty({ description: 'the new PDF content, Base64-encoded' })
  @IsOptional() @IsString() content_base64?: string;
}
