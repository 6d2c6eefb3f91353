import { Controller, Get } from '@nestjs/common';

@Controller('health')
export class HealthController {
  @Get()
  health(): { success: true; data: { status: 'ok' } } {
    return { success: true, data: { status: 'ok' } };
  }
}
