import { Controller, Get } from '@nestjs/common';
import { Public } from '../auth/current-user.js';

@Controller('health')
export class HealthController {
  @Public()
  @Get()
  health(): { success: true; data: { status: 'ok' } } {
    return { success: true, data: { status: 'ok' } };
  }
}
