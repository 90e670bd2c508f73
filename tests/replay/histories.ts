// The recorded workflow histories, workflows/histories/<workflowType>/<name>.json: Temporal's own JSON
// of a history (as `temporal workflow show --output json` and the Web UI's download write it, so a
// production history can be dropped in beside them). Read by the replay test, written by the recorder.
import fs from 'node:fs';
import path from 'node:path';
import * as proto from '@temporalio/proto';
import { temporal } from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';
import { eventTypeName } from '../support/history-events';

export type History = temporal.api.history.v1.IHistory;
type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

// The history's JSON codec. @temporalio/common's historyToJSON/historyFromJSON take protobufjs's JSON
// codec from their own copy of protobufjs, and npm installs @temporalio/proto another copy (the root
// holds protobufjs 7 for @grpc/proto-loader): the codec's `instanceof Type` check then fails with
// "type must be a Type". The codec of @temporalio/proto's own copy reads its types.
const protojson: { toJson(type: unknown, message: unknown): unknown; fromJson(type: unknown, json: unknown, o: object): History } = require(
  require.resolve('protobufjs/ext/protojson', { paths: [path.dirname(require.resolve('@temporalio/proto/package.json'))] }),
);
const historyType = (patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown }).lookupType('temporal.api.history.v1.History');

const historyFromJSON = (json: unknown): History => protojson.fromJson(historyType, json, { ignoreUnknownFields: true });
const historyToJSON = (history: History): unknown => protojson.toJson(historyType, temporal.api.history.v1.History.fromObject(history));

export const HISTORIES_DIR = path.resolve(__dirname, '../../workflows/histories');

export interface HistoryFile {
  /** the workflow type: the folder's name */
  type: string;
  /** the scenario, from the file's name (a later shape of it carries the date it was recorded: `sent.2027-01-15`) */
  name: string;
  /** relative to the repository, for messages */
  file: string;
  path: string;
}

export function listHistoryFiles(dir = HISTORIES_DIR): HistoryFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((d) =>
      fs
        .readdirSync(path.join(dir, d.name))
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => {
          const full = path.join(dir, d.name, f);
          return { type: d.name, name: f.replace(/\.json$/, ''), file: path.relative(path.resolve(__dirname, '../..'), full), path: full };
        }),
    );
}

export function readHistory(file: string): History {
  return historyFromJSON(JSON.parse(fs.readFileSync(file, 'utf8')));
}

export function workflowTypeOf(history: History): string {
  const started = history.events?.[0]?.workflowExecutionStartedEventAttributes;
  if (!started?.workflowType?.name) throw new Error('not a workflow history: its first event is not WorkflowExecutionStarted');
  return started.workflowType.name;
}

function markerId(e: HistoryEvent): string {
  const a = e.markerRecordedEventAttributes!;
  const ids = Object.values(a.details ?? {})
    .flatMap((p) => p.payloads ?? [])
    .map((p) => {
      try {
        return (JSON.parse(Buffer.from(p.data ?? []).toString('utf8')) as { id?: string }).id;
      } catch {
        return undefined;
      }
    });
  return [a.markerName, ...ids.filter(Boolean)].join(':');
}

// The events a workflow's own commands write: what replay compares with the code's commands. Signals,
// workflow tasks and activity progress land where the timing of a run puts them, so two runs of one
// scenario on the same code may place them differently; they are left out of the shape.
const COMMANDS = new Set([
  'ACTIVITY_TASK_SCHEDULED',
  'ACTIVITY_TASK_CANCEL_REQUESTED',
  'TIMER_STARTED',
  'TIMER_CANCELED',
  'MARKER_RECORDED',
  'UPSERT_WORKFLOW_SEARCH_ATTRIBUTES',
  'WORKFLOW_PROPERTIES_MODIFIED',
  'START_CHILD_WORKFLOW_EXECUTION_INITIATED',
  'SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED',
  'REQUEST_CANCEL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED',
  'WORKFLOW_EXECUTION_UPDATE_ACCEPTED',
  'WORKFLOW_EXECUTION_UPDATE_COMPLETED',
  'WORKFLOW_EXECUTION_COMPLETED',
  'WORKFLOW_EXECUTION_FAILED',
  'WORKFLOW_EXECUTION_CANCELED',
  'WORKFLOW_EXECUTION_CONTINUED_AS_NEW',
]);

/**
 * What a run did, command by command: activities by type, timers, patch markers, search attributes,
 * updates taken, and how it ended. Two recordings of one scenario with the same shape protect the
 * same code path.
 */
export function shapeOf(history: History): string[] {
  return (history.events ?? [])
    .map((e) => {
      const t = eventTypeName(e);
      if (!COMMANDS.has(t)) return undefined;
      if (e.activityTaskScheduledEventAttributes) return `${t}:${e.activityTaskScheduledEventAttributes.activityType?.name}`;
      if (e.markerRecordedEventAttributes) {
        const id = markerId(e);
        // the SDK's own flags are marked wherever the run first needs them: not the workflow's doing
        return id.includes(':__sdk_internal') ? undefined : `${t}:${id}`;
      }
      if (e.workflowExecutionUpdateAcceptedEventAttributes) return `${t}:${e.workflowExecutionUpdateAcceptedEventAttributes.acceptedRequest?.input?.name}`;
      if (e.startChildWorkflowExecutionInitiatedEventAttributes) return `${t}:${e.startChildWorkflowExecutionInitiatedEventAttributes.workflowType?.name}`;
      return t;
    })
    .filter((s): s is string => s !== undefined);
}

const sameShape = (a: string[], b: string[]) => a.length === b.length && a.every((s, i) => s === b[i]);

export type SaveOutcome = 'unchanged' | 'added' | 'new shape';

/** `<name>.<date>.json`, or `<name>.<date>.<n>.json` when another shape recorded that day is kept there already. */
function datedFile(folder: string, name: string, today: Date): string {
  const date = today.toISOString().slice(0, 10);
  for (let n = 1; ; n++) {
    const file = path.join(folder, n === 1 ? `${name}.${date}.json` : `${name}.${date}.${n}.json`);
    if (!fs.existsSync(file)) return file;
  }
}

/** Failure stack traces name files relative to the repository, not to the machine that recorded them. */
function withoutCheckoutPath(json: string): string {
  const root = JSON.stringify(`${path.resolve(__dirname, '../..')}${path.sep}`).slice(1, -1);
  return json.split(root).join('');
}

/**
 * Saves a recording as `<type>/<name>.json` unless a recording of that scenario with the same shape
 * is kept already (`<name>.json` or `<name>.<anything>.json`). A different shape never replaces a kept
 * file (workflows of that shape may still be running in production): it is added beside it as
 * `<name>.<date>.json` (`<name>.<date>.2.json` for a second shape that day). A variant that only
 * timing makes (webhooks arriving in the other order) may be kept under a name that says so:
 * `<name>.<variant>.json`.
 */
export function saveHistory(history: History, name: string, dir = HISTORIES_DIR, today = new Date()): { outcome: SaveOutcome; file: string } {
  const type = workflowTypeOf(history);
  const folder = path.join(dir, type);
  fs.mkdirSync(folder, { recursive: true });
  const shape = shapeOf(history);
  const kept = fs.readdirSync(folder).filter((f) => f === `${name}.json` || (f.startsWith(`${name}.`) && f.endsWith('.json')));
  const same = kept.find((f) => sameShape(shapeOf(readHistory(path.join(folder, f))), shape));
  if (same) return { outcome: 'unchanged', file: path.join(folder, same) };
  const file = kept.length ? datedFile(folder, name, today) : path.join(folder, `${name}.json`);
  fs.writeFileSync(file, `${withoutCheckoutPath(JSON.stringify(historyToJSON(history), null, 1))}\n`);
  return { outcome: kept.length ? 'new shape' : 'added', file };
}
