import { toast } from 'sonner';

/**
 * Dismisses every toast still shown. sonner keeps its toasts in module state and a Toaster that mounts replays the
 * active ones, so test files that share a module graph would otherwise see an earlier test's toasts.
 */
export function dismissAllToasts() {
  toast.dismiss();
}
