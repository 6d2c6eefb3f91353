import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { ZodBody, ZodQuery } from '../common/zod-pipe.js';
import { User, type CurrentUser } from '../auth/current-user.js';
import { pagingQuery } from '../common/legacy-page.js';
import { PromptService } from './prompt.service.js';

const act = z.string().trim().min(1, 'act (the prompt name) must not be blank').max(120);
const text = z.string().min(1, 'prompt (the text) must not be empty').max(20_000);

/** Exports ask for 10,000 prompts at once. */
const searchQuery = z.object({ keyword: z.string().default(''), ...pagingQuery(10_000) });
const autocompleteQuery = z.object({ keyword: z.string().default('') });
/** Imports may name the fields `key` and `value`, as some shared prompt collections do. */
const saveBody = z.object({
  prompts: z
    .array(
      z.union([
        z.object({ act, prompt: text }),
        z.object({ key: act, value: text }).transform(({ key, value }) => ({ act: key, prompt: value })),
      ]),
    )
    .min(1, 'prompts lists at least one {act, prompt}')
    .max(10_000),
});
/** The legacy names are `title` (the name) and `remark` (the text); `act` and `prompt` are accepted too. */
const editBody = z
  .object({ title: act.optional(), remark: text.optional(), act: act.optional(), prompt: text.optional() })
  .transform((body) => ({ act: body.title ?? body.act, prompt: body.remark ?? body.prompt }))
  .refine((changes) => changes.act !== undefined || changes.prompt !== undefined, {
    message: 'send title (the new name) and/or remark (the new text)',
  })
  .transform((changes) => ({
    ...(changes.act !== undefined ? { act: changes.act } : {}),
    ...(changes.prompt !== undefined ? { prompt: changes.prompt } : {}),
  }));

/** The prompt library (提示词), each user's own. */
@Controller('prompt')
export class PromptController {
  constructor(private readonly prompts: PromptService) {}

  @Get('my/search')
  async search(@User() user: CurrentUser, @ZodQuery(searchQuery) q: z.output<typeof searchQuery>) {
    return { success: true, data: await this.prompts.search(user, q.keyword.trim(), q.currentPage, q.pageSize) };
  }

  @Get('my/autocomplete')
  async autocomplete(
    @User() user: CurrentUser,
    @ZodQuery(autocompleteQuery) { keyword }: z.output<typeof autocompleteQuery>,
  ) {
    return { success: true, data: await this.prompts.autocomplete(user, keyword.trim()) };
  }

  @Post('save')
  @HttpCode(200)
  async save(@User() user: CurrentUser, @ZodBody(saveBody) body: z.output<typeof saveBody>) {
    return { success: true, data: await this.prompts.save(user, body.prompts) };
  }

  @Post('edit/:id')
  @HttpCode(200)
  async edit(@User() user: CurrentUser, @Param('id') id: string, @ZodBody(editBody) body: z.output<typeof editBody>) {
    return { success: true, data: await this.prompts.edit(user, id, body) };
  }

  @Post('del/:id')
  @HttpCode(200)
  async remove(@User() user: CurrentUser, @Param('id') id: string) {
    return { success: true, data: await this.prompts.remove(user, id) };
  }
}
