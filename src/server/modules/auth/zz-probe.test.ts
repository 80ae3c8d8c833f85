import { it } from 'vitest';
import { createTestApp } from '../../../../tests/setup/test-app';
it('probe', async () => {
  const ctx = await createTestApp();
  for (const payload of [{}, { username: 5, password: 'x' }]) {
    const r = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload });
    console.log(r.statusCode, r.body);
  }
  const r = await ctx.app.inject({ method: 'POST', url: '/api/messages', payload: {firstName:'a'} });
  console.log(r.statusCode, r.body);
  const r2 = await ctx.app.inject({ method: 'POST', url: '/api/messages', payload: 'hello', headers: {'content-type': 'text/plain'} });
  console.log(r2.statusCode, r2.body);
  const r3 = await ctx.app.inject({ method: 'POST', url: '/api/messages', payload: '{"a":', headers: {'content-type': 'application/json'} });
  console.log(r3.statusCode, r3.body, r3.headers);
  const r4 = await ctx.app.inject({ method: 'POST', url: '/api/messages', payload: 'a=b', headers: {'content-type': 'application/x-www-form-urlencoded'} });
  console.log(r4.statusCode, r4.body);
  const r5 = await ctx.app.inject({ method: 'POST', url: '/api/messages' });
  console.log(r5.statusCode, r5.body);
  const r6 = await ctx.app.inject({ method: 'DELETE', url: '/api/messages/abc' });
  console.log(r6.statusCode, r6.body);
});
