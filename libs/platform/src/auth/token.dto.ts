import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Documentation only: the token endpoint reads its body by hand to accept JSON and form encoding. */
export class TokenRequestDto {
  @ApiProperty() client_id!: string;
  @ApiProperty() client_secret!: string;
  @ApiPropertyOptional({ enum: ['client_credentials'] }) grant_type?: string;
}

export class TokenResponseDto {
  @ApiProperty() access_token!: string;
  @ApiProperty({ example: 'tenant:ACME merchant:SHOP1 read:shipments create:shipments update:shipments' }) scope!: string;
  @ApiProperty({ example: 86400, description: 'seconds' }) expires_in!: number;
  @ApiProperty({ example: 'Bearer' }) token_type!: 'Bearer';
}
