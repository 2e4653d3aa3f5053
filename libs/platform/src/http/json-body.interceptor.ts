import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';

/** Every 2xx has a JSON body: a handler that returns nothing answers `{}` (never an empty 204). */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map((value) => (value === undefined || value === null ? {} : value)));
  }
}
