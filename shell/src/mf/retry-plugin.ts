import { RetryPlugin } from '@module-federation/retry-plugin';

// A remote entry or manifest that fails to arrive (a CDN hiccup, a deploy in progress) is
// tried again before the remote's error boundary shows its Retry button.
export default function stockwiseRetryPlugin() {
  return RetryPlugin({
    fetch: { retryTimes: 2, retryDelay: 500 },
    script: { retryTimes: 2, retryDelay: 500 },
  });
}
