import { useEffect, useMemo, useRef } from 'react';
import styled from 'styled-components';
import { useAbility } from '@crm/shared/abilities/react';
import { errorMessage } from '@crm/shared/api-client';
import { useChannelEvent } from '@crm/shared/realtime';
import { useSearchParams } from '@crm/shared/router';
import type { Dashboard, DashboardQuery } from '@crm/shared/schemas';
import { realtimeChannels, realtimeEvents } from '@crm/shared/schemas/mini';
import { ErrorState, PageHeader, Select, Spinner, TextField } from '@crm/shared/ui';
import { DeferredBlock } from '../../../components/deferred-block';
import { useDashboard } from '../api/get-dashboard';
import { formatDuration } from '../utils/format-duration';
import { leadsLink } from '../utils/leads-link';
import { BarChart, type BarChartItem } from './bar-chart';

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1rem;
  align-items: flex-start;
  margin-bottom: 1.5rem;
  > * {
    min-width: 10rem;
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 26rem), 1fr));
  gap: 1.5rem;
`;

const Total = styled.p`
  margin: 0 0 1rem;
  font-size: 1.125rem;
`;

// At least a window high: the shell's footer then starts below the first screen, instead of sitting at the window's
// bottom until the charts push it out (a layout shift; docs/decisions/080).
const Body = styled.div`
  min-height: 100vh;
`;

/** About a rows chart's height: its card's title and subtitle, then a 1.5rem bar and a 0.5rem gap per item. */
const rowsChartHeight = (items: number) => 110 + Math.max(items, 1) * 32;

const REFRESH_MS = 5000;

/** The browser's zone: days are cut where the user lives, and the list a bar opens cuts them the same way. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const shortDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)} %`);

/**
 * /dashboard (docs/decisions/076): the period and team live in the URL; every figure comes from one GET /api/dashboard
 * and each bar opens the lead list filtered the same way.
 */
export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const ability = useAbility();
  const canFilterByUser = ability.can('view', 'users');
  const query = useMemo<DashboardQuery>(() => {
    const q: DashboardQuery = { tz: browserTimeZone() };
    for (const key of ['from', 'to', 'team_id'] as const) {
      const value = params.get(key);
      if (value) q[key] = value;
    }
    return q;
  }, [params]);
  const { data, error, isLoading, mutate } = useDashboard(query);
  const d = data?.data;
  // Another user's lead change refreshes the figures (through the viewer's own scope: events carry ids only), at most
  // once per REFRESH_MS, so an import's thousands of events cost a few requests.
  const refresh = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useChannelEvent(realtimeChannels.leads, realtimeEvents.leadChanged, () => {
    refresh.current ??= setTimeout(() => {
      refresh.current = undefined;
      void mutate();
    }, REFRESH_MS);
  });
  useEffect(() => () => clearTimeout(refresh.current), []);

  const set = (key: 'from' | 'to' | 'team_id', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const fieldError = (field: string) => error?.errors?.[field] ?? null;

  return (
    <>
      {/* The period's line and the team filter hold their places while the figures load (the server picks the default
          period and knows the teams): nothing below them moves when they arrive (docs/decisions/080). */}
      <PageHeader
        title="Дашборд"
        subtitle={d ? `${d.from.split('-').reverse().join('.')} — ${d.to.split('-').reverse().join('.')}` : '\u00a0'}
      />
      <Filters>
        <TextField label="С" type="date" value={params.get('from') ?? d?.from ?? ''} onChange={(e) => set('from', e.target.value)} error={fieldError('from')} />
        <TextField label="По" type="date" value={params.get('to') ?? d?.to ?? ''} onChange={(e) => set('to', e.target.value)} error={fieldError('to')} />
        {(d && d.teams.length > 0) || (!d && isLoading) ? (
          <Select
            label="Команда"
            options={d?.teams.map((t) => ({ value: t.id, label: t.name })) ?? []}
            value={d?.team_id ?? null}
            onChange={(value) => set('team_id', value === null ? null : String(value))}
            isClearable
            isLoading={!d}
            placeholder="Все команды"
            error={fieldError('team_id')}
          />
        ) : null}
      </Filters>
      <Body>
        {error && !d ? <ErrorState title="Не удалось загрузить дашборд" message={errorMessage(error)} /> : null}
        {isLoading && !d ? <Spinner /> : null}
        {d ? <Figures d={d} canFilterByUser={canFilterByUser} /> : null}
      </Body>
    </>
  );
}

function Figures({ d, canFilterByUser }: { d: Dashboard; canFilterByUser: boolean }) {
  const period = { from: d.from, to: d.to, tz: d.tz, team_id: d.team_id ?? undefined };
  const statusName = new Map(d.funnel.map((s) => [s.status_id, s.name]));

  const days: BarChartItem[] = d.new_leads.map((day) => ({
    key: day.date,
    label: shortDate(day.date),
    value: day.count,
    href: leadsLink({ ...period, from: day.date, to: day.date }),
  }));
  const funnel: BarChartItem[] = d.funnel.map((s) => ({
    key: s.status_id ?? 'none',
    label: s.name,
    value: s.count,
    color: s.color,
    href: leadsLink({ ...period, status_id: s.status_id ?? 'none' }),
  }));
  const conversion = d.conversion.map((c) => ({
    key: `${c.from_status_id}-${c.to_status_id}`,
    label: `${statusName.get(c.from_status_id)} → ${statusName.get(c.to_status_id)}`,
    value: c.rate ?? 0,
    valueText: `${percent(c.rate)} (${c.converted} из ${c.exits})`,
  }));
  const stays = d.time_in_status.map((s) => ({
    key: s.status_id,
    label: statusName.get(s.status_id) ?? String(s.status_id),
    value: s.median_seconds ?? 0,
    valueText: s.median_seconds === null ? '—' : formatDuration(s.median_seconds),
    stays: s.stays,
  }));
  const byUser: BarChartItem[] = d.by_user.map((u) => ({
    key: u.user_id,
    label: u.name,
    value: u.count,
    // The list offers the user filter only to whoever may view users; without it the bar would open another count.
    href: canFilterByUser ? leadsLink({ ...period, user_id: u.user_id }) : undefined,
  }));
  const overdue: BarChartItem[] = d.overdue_tasks.map((u) => ({ key: u.user_id, label: u.name, value: u.count }));

  return (
    <>
      <Total>
        Новых лидов за период: <strong>{d.total_new}</strong>
      </Total>
      <Grid>
        <BarChart title="Новые лиды по дням" layout="columns" items={days} labelHeader="День" valueHeader="Лидов" />
        {/* Below the first chart on a phone: each of the others is drawn in its own idle moment (or when it comes into
            view), so the figures' first render is not one long task (docs/decisions/080). */}
        <DeferredBlock minHeight={rowsChartHeight(funnel.length)}>
          <BarChart title="Воронка" subtitle="Новые лиды периода по текущему статусу" items={funnel} labelHeader="Статус" valueHeader="Лидов" />
        </DeferredBlock>
        <DeferredBlock minHeight={rowsChartHeight(conversion.length)}>
          <BarChart
            title="Конверсия между статусами"
            subtitle={
              <span title="Из всех смен статуса за период, которые начинались в первом статусе пары, — доля тех, что вели сразу в следующий статус по порядку в настройках статусов">
                Доля выходов из статуса за период, ведущих сразу в следующий статус
              </span>
            }
            items={conversion}
            labelHeader="Переход"
            valueHeader="Конверсия"
          />
        </DeferredBlock>
        <DeferredBlock minHeight={rowsChartHeight(stays.length)}>
          <BarChart
            title="Время в статусе (медиана)"
            subtitle="По выходам из статуса за период"
            items={stays}
            labelHeader="Статус"
            valueHeader="Медиана"
            extraColumns={[{ header: 'Выходов', cell: (item) => stays.find((s) => s.key === item.key)?.stays ?? 0 }]}
          />
        </DeferredBlock>
        <DeferredBlock minHeight={rowsChartHeight(byUser.length)}>
          <BarChart title="Лиды по ответственным" subtitle="Новые лиды периода" items={byUser} labelHeader="Ответственный" valueHeader="Лидов" emptyText="Нет лидов с ответственными за период" />
        </DeferredBlock>
        <DeferredBlock minHeight={rowsChartHeight(overdue.length)}>
          <BarChart title="Просроченные задачи" subtitle="Открытые задачи со сроком в прошлом, сейчас" items={overdue} labelHeader="Исполнитель" valueHeader="Задач" emptyText="Просроченных задач нет" />
        </DeferredBlock>
      </Grid>
    </>
  );
}
