// The import workflow's input (shared by the workflow, its activities and its starters).
export interface ImportInput {
  shopId: number;
  shopDomain: string;
  importId: number;
}

export interface ImportOutcome {
  status: 'completed' | 'failed';
  imported: number;
  skipped: number;
  failed: number;
  error: string | null;
}

export const importWorkflowId = (shopDomain: string, importId: number) => `import:${shopDomain}:${importId}`;
