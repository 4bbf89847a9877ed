// The JSON calls that the scripts (demo, sandbox CLI) and the benchmarks make to a running server.

/**
 * Sends `body` as JSON, with `token` as the bearer; answers the status and the parsed answer (null
 * when it is empty or not JSON). A network failure throws, as fetch does.
 */
export async function jsonRequest(base, method, path, { token, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the caller has the text
  }
  return { ok: response.ok, status: response.status, text, data };
}

/** jsonRequest that answers the parsed body, and throws on any other status than 2xx. */
export async function jsonCall(base, method, path, options) {
  const answer = await jsonRequest(base, method, path, options);
  if (!answer.ok) {
    throw Object.assign(new Error(`${method} ${path}: ${answer.status} ${answer.text}`), {
      status: answer.status,
      data: answer.data,
    });
  }
  return answer.data;
}
