export interface SurveyWidgetState {
  closedAt: string | null;
  closeCount: number;
  isSubmitted: boolean;
}
