import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EMAIL_MAX_LENGTH } from '@planner/core';
import { RpcError } from '@planner/protocol/client';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import * as serverApi from './feedback-api';
import { useProfile } from '../api/profile';
import { reportError } from '../api/query-client';
import { showToast } from '../components/toast-store';
import {
  checkFeedback,
  FEEDBACK_COMMENT_MAX_CHARS,
  problemOfServerKey,
  type FeedbackField,
  type FeedbackProblem,
} from './feedback-form';

type Problems = Partial<Record<FeedbackField, FeedbackProblem['key']>>;

const byField = (problems: FeedbackProblem[]): Problems =>
  Object.fromEntries(problems.map((p) => [p.field, p.key]));

/**
 * The feedback form: the e-mail (the account's until changed), the comment, the problems found
 * in them or named by the server, and the send; sent, it thanks and goes back.
 */
function useFeedbackForm(goBack: () => unknown) {
  const accountEmail = useProfile().data?.user?.email ?? '';
  const [emailDraft, setEmailDraft] = useState<string | null>(null);
  const email = emailDraft ?? accountEmail;
  const [comment, setComment] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const send = useMutation({
    mutationFn: () => serverApi.createFeedback({ email: email.trim(), comment }),
    meta: { handlesErrors: true },
    onSuccess: () => {
      showToast({ key: 'feedback:feedback.thankYou', severity: 'success' });
      void goBack();
    },
    onError: (error) => {
      const problem = error instanceof RpcError ? problemOfServerKey(error.message) : null;
      if (problem) setProblems(byField([problem]));
      else reportError(error);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkFeedback({ email, comment });
    setProblems(byField(found));
    if (found.length === 0) send.mutate();
  };
  const clear = (field: FeedbackField) => setProblems(({ [field]: _cleared, ...rest }) => rest);
  const typeEmail = (typed: string) => {
    setEmailDraft(typed);
    clear('email');
  };
  const typeComment = (typed: string) => {
    setComment(typed);
    clear('comment');
  };
  return { email, comment, problems, send, onSubmit, typeEmail, typeComment };
}

/** /feedback: an e-mail to answer to (the account's, editable) and the message (CreateFeedback). */
export default function FeedbackPage() {
  const { t } = useTranslation('feedback');
  const navigate = useNavigate();
  const location = useLocation();
  // Back where the person came from (help); opened from a link, to help.
  const goBack = () => (location.key === 'default' ? navigate('/help') : navigate(-1));
  const { email, comment, problems, send, onSubmit, typeEmail, typeComment } =
    useFeedbackForm(goBack);

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      <Box>
        <Typography variant="h5" component="h2" gutterBottom>
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('intro')}</Typography>
      </Box>
      <TextField
        id="feedback-email"
        label={t('email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => typeEmail(event.target.value)}
        error={problems.email !== undefined}
        helperText={problems.email ? t(problems.email) : t('emailHint')}
        slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
      />
      <TextField
        id="feedback-comment"
        label={t('comment')}
        multiline
        minRows={6}
        value={comment}
        onChange={(event) => typeComment(event.target.value)}
        error={problems.comment !== undefined}
        helperText={
          problems.comment
            ? t(problems.comment)
            : `${comment.length} / ${FEEDBACK_COMMENT_MAX_CHARS}`
        }
        slotProps={{ htmlInput: { maxLength: FEEDBACK_COMMENT_MAX_CHARS } }}
      />
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
        <Button onClick={() => void goBack()} disabled={send.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={send.isPending}>
          {t('send')}
        </Button>
      </Box>
    </Box>
  );
}
