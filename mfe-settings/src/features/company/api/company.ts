import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, auth, call, events, uploadCompanyLogo, type ApiBody } from '@stockwise/shared';
import { COMPANY_KEY } from '@/api/company';

export { useCompany } from '@/api/company';

export interface CompanyValues {
  companyName: string;
  industry: string;
  phone: string;
  address: string;
  taxNumber: string;
  currency: string;
  /** A percent as typed ('18', '8,875'); blank is 0. */
  taxRate: string;
  /** Whether the prices the company asks include the tax (VAT-inclusive shelf prices). */
  pricesIncludeTax: boolean;
}

/** What happens to the logo on save: nothing, a new (already checked and cropped) file, or removal. */
export type LogoChange = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

/**
 * Saves the company: a new logo goes to the company-logos bucket first (spec §7: no backend
 * call; a logo-updated event goes out, spec §4), then PUT /api/company/{id} with its logoPath.
 * After the save every screen showing the company refetches, a logo change is announced again
 * (the update carried a logoPath) and the cached user is synced (its companyName).
 */
export function useSaveCompany(uploadFailed: (reason: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values, logo }: { id: string; values: CompanyValues; logo: LogoChange }) => {
      let logoPath: string | null | undefined;
      if (logo.kind === 'new') {
        try {
          ({ path: logoPath } = await uploadCompanyLogo(logo.file, id));
        } catch (failure) {
          const reason = failure instanceof Error && failure.message ? failure.message : String(failure);
          throw new AppError(uploadFailed(reason), { field: 'logo' });
        }
        events.emit('logo-updated', { logoPath });
      } else if (logo.kind === 'remove') {
        logoPath = null;
      }
      const body: ApiBody<'updateCompany'> = {
        companyName: values.companyName.trim(),
        industry: values.industry.trim() || null,
        phone: values.phone.trim() || null,
        address: values.address.trim() || null,
        taxNumber: values.taxNumber.trim() || null,
        currency: values.currency,
        taxRate: Number(values.taxRate.trim().replace(',', '.') || '0'),
        pricesIncludeTax: values.pricesIncludeTax,
        ...(logoPath === undefined ? {} : { logoPath }),
      };
      const company = await call('PUT', '/api/company/{id}', { params: { id }, body });
      return { company, logoChanged: logoPath !== undefined };
    },
    onSuccess: async ({ company, logoChanged }) => {
      await queryClient.invalidateQueries({ queryKey: COMPANY_KEY });
      if (logoChanged) events.emit('logo-updated', { logoPath: company.logoPath });
      void auth.syncProfile();
    },
  });
}
