// The UI kit of both web apps (see README.md). Importing from here costs only what is used: the package is free of
// side effects, so a bundler drops every module a page does not reach (Dialog and Toaster bring Radix and sonner).
export { cn } from './cn';
export { Avatar, avatarColors, hashSeed, initialsOf } from './components/avatar';
export { Badge, type BadgeVariant, badgeVariants } from './components/badge';
export { Button, type ButtonProps, buttonVariants } from './components/button';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './components/card';
export { Checkbox } from './components/checkbox';
export { chipClasses } from './components/chip';
export {
  ConfirmByNameDialog,
  type ConfirmByNameDialogProps,
  NAME_MISMATCH,
  namesMatch,
} from './components/confirm-by-name-dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog';
export { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from './components/dialog';
export { EmptyState } from './components/empty-state';
export { ErrorState } from './components/error-state';
export { FormDialogActions, type FormDialogActionsProps } from './components/form-dialog-actions';
export { FormField, type FormFieldProps } from './components/form-field';
export { HeartToggle, type HeartToggleProps } from './components/heart-toggle';
export { escapeRegExp, Highlight } from './components/highlight';
export { controlHeights, fieldClasses, Input, type InputProps } from './components/input';
export { Label } from './components/label';
export { Notice } from './components/notice';
export { PageHeader } from './components/page-header';
export { type PagerLinkProps, PagerLinks, type PagerLinksProps } from './components/pager-links';
export { Pagination, type PaginationProps, pageWindow } from './components/pagination';
export { RadioCardList, type RadioCardListProps, type RadioCardOption } from './components/radio-card-list';
export { RatingStars, type RatingStarsProps } from './components/rating-stars';
export { SearchBox, type SearchBoxProps } from './components/search-box';
export { Select, type SelectOption, type SelectProps } from './components/select';
export { Skeleton } from './components/skeleton';
export { StarRatingInput } from './components/star-rating-input';
export {
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from './components/table';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './components/tabs';
export { TextField, type TextFieldProps } from './components/text-field';
export { Textarea } from './components/textarea';
export { type ScreenToast, Toaster, useToast } from './components/toast';
export { type ViewMode, ViewPanel, ViewTabs } from './components/view-tabs';
export { controlId, controlProps, fieldError } from './form';
export {
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatThousands,
} from './format';
export {
  capitalize,
  OrderStatusBadge,
  PaymentStatusBadge,
  paymentVariant,
  statusLabel,
  statusVariant,
} from './order-status';
export { useDebounce } from './use-debounce';
export { useUrlSearchText } from './use-search-text';
