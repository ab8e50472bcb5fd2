import type { ErrorResponseOptions } from '../handler/create-error-response.js';

/** Bedrock's exception for each status, as its API reference lists the errors of Converse and ConverseStream. */
const exceptionsByStatus: Readonly<Record<number, string>> = {
  400: 'ValidationException',
  403: 'AccessDeniedException',
  404: 'ResourceNotFoundException',
  408: 'ModelTimeoutException',
  424: 'ModelErrorException',
  429: 'ThrottlingException',
  500: 'InternalServerException',
  503: 'ServiceUnavailableException',
};

/** Whether a step's or refusal's `type` names an AWS exception (Anthropic's and OpenAI's types do not). */
function isExceptionName(type: string | undefined): type is string {
  return type !== undefined && /^[A-Z]\w*Exception$/u.test(type);
}

/**
 * An HTTP error in Bedrock's shape (the AWS restJson1 protocol): the exception's name in `x-amzn-ErrorType`
 * (as `ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/`), the request id in
 * `x-amzn-RequestId`, and `{ "message": … }` as the body; the AWS SDK reads the exception from the header. A
 * `type` that names an exception is used as it is; otherwise the status picks it.
 */
export function createBedrockErrorResponse(options: ErrorResponseOptions): Response {
  const exception = isExceptionName(options.type)
    ? options.type
    : (exceptionsByStatus[options.status] ??
      (options.status >= 500 ? 'InternalServerException' : 'ValidationException'));
  const headers = new Headers({
    'content-type': 'application/json',
    'x-amzn-requestid': options.requestId,
    'x-amzn-errortype': `${exception}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
  });
  if (options.retryAfter !== undefined) headers.set('retry-after', String(options.retryAfter));
  // The AWS SDK decides retries by the exception; other clients of the fake read this header.
  if (options.retry === false) headers.set('x-should-retry', 'false');
  return new Response(JSON.stringify({ message: options.message }), { status: options.status, headers });
}
