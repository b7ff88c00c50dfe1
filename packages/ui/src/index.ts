// The design system: every feature screen is built from these (see README.md beside this file).
export { Avatar, avatarColors, hashSeed, initialsOf } from './avatar';
export { Badge, type BadgeVariant, badgeVariants } from './badge';
export { Button, type ButtonProps, buttonVariants } from './button';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';
export { Checkbox } from './checkbox';
export {
  ConfirmByNameDialog,
  type ConfirmByNameDialogProps,
  NAME_MISMATCH,
  namesMatch,
} from './confirm-by-name-dialog';
export { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from './dialog';
export { EmptyState } from './empty-state';
export { ErrorState } from './error-state';
export { FormField } from './form-field';
export { escapeRegExp, Highlight } from './highlight';
export { fieldClasses, Input } from './input';
export { Label } from './label';
export { PageHeader } from './page-header';
export { Pagination, pageWindow } from './pagination';
export { SearchBox } from './search-box';
export { Select, type SelectOption } from './select';
export { Skeleton } from './skeleton';
export { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
export { Textarea } from './textarea';
export { type ScreenToast, Toaster, useToast } from './toast';
export { type ViewMode, ViewPanel, ViewTabs } from './view-tabs';
