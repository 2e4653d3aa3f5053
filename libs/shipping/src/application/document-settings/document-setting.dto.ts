import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class CreateDocumentSettingDto {
  @ApiPropertyOptional({ description: 'chosen by the tenant (letters, digits, _ . -); generated when omitted', example: 'commercial_invoice' })
  @IsOptional() @IsString() @MaxLength(100) @Matches(/^[A-Za-z0-9_.-]+$/, { message: 'may hold letters, digits, _ . and - only' })
  document_id?: string;

  @ApiProperty({ example: 'Commercial invoice' })
  @IsString() @IsNotEmpty({ message: 'must not be blank' }) @MaxLength(250) document_name!: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) description?: string;
}

export class UpdateDocumentSettingDto {
  @ApiProperty({ example: 'Commercial invoice' })
  @IsString() @IsNotEmpty({ message: 'must not be blank' }) @MaxLength(250) document_name!: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) description?: string;
}
