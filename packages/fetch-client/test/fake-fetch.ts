// An injected fetch that records requests and answers from a handler: no network, no mocks of modules.

export interface FakeFetch {
  fetch: typeof globalThis.fetch;
  requests: Request[];
}

export function fakeFetch(handler: (request: Request, index: number) => Response | Promise<Response>): FakeFetch {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    return handler(request, requests.length - 1);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** Answers in turn; the last answer repeats. */
export function sequence(...answers: Array<() => Response>): (request: Request, index: number) => Response {
  return (_request, index) => answers[Math.min(index, answers.length - 1)]!();
}

export const swapOrderQuery = {
  inputMint: 'D6gqDYHvpEparhs6TGfnXKtNEzVe48aLfmB6bKNjdKsD',
  outputMint: '7gQqK6wWf1gAc7f2R4oQ18Q4m6Vazr1umgktSGsnJZny',
  amount: '100000000',
};

/** The rejection of a promise that must fail, typed as the caller expects. */
export async function rejection<T = Error>(promise: Promise<unknown>): Promise<T> {
  try {
    await promise;
  } catch (error) {
    return error as T;
  }
  throw new Error('expected the call to fail');
}
