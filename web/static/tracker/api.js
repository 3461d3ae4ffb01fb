// The one way to the server's data: GET /api/v1/..., its refusal thrown with the server's own detail.

export async function api(path, params) {
  const query = params ? '?' + params.toString() : '';
  const response = await fetch('/api/v1/' + path + query, { headers: { Accept: 'application/json' } });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = body && body.detail ? body.detail : response.statusText;
    throw Object.assign(new Error(detail || 'request failed (' + response.status + ')'), { status: response.status });
  }
  return body;
}
