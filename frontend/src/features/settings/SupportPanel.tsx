import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { checkSupportRequest, SupportLimits } from '@nocturne/contracts/support';
import { serverError } from '../../api/http';
import { contactSupport } from '../../api/support';
import { Button } from '../../components/Button';
import { ChatIcon, CheckIcon } from '../../components/icons';
import { SectionTitle } from '../../components/SectionTitle';
import { Muted, Panel } from '../../components/Surface';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';

type Errors = Partial<Record<'subject' | 'message' | 'form', string>>;

/** "Contact support": everyone may write; Plus and Max members are answered first (the server decides). */
export function SupportPanel() {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ priority: boolean } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule, checked here first so the person sees it at once.
    const checked = checkSupportRequest({ subject, message });
    if (!checked.ok) return setErrors({ [checked.field]: checked.message });
    setErrors({});
    setSending(true);
    try {
      const answer = await contactSupport(checked.request);
      setSent({ priority: answer.priority });
      setSubject('');
      setMessage('');
    } catch (failure) {
      const refusal = serverError(failure);
      const field = refusal?.field === 'subject' || refusal?.field === 'message' ? refusal.field : 'form';
      setErrors({ [field]: refusal?.message ?? 'Something went wrong. Please try again.' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Panel aria-labelledby="support-title">
      <SectionTitle id="support-title">
        <ChatIcon size={18} /> Contact support
      </SectionTitle>
      {sent ? (
        <Confirmation role="status">
          <p>
            <CheckIcon size={16} /> Your message reached our support team.
          </p>
          <Muted>{sent.priority ? 'As a Plus or Max member, you are answered first.' : 'We answer in the order messages arrive; Plus and Max members are answered first.'}</Muted>
          <Button $variant="secondary" $size="small" onClick={() => setSent(null)}>
            Write another message
          </Button>
        </Confirmation>
      ) : (
        <Form onSubmit={(event) => void submit(event)} aria-label="Contact support" noValidate>
          <TextField label="Subject" value={subject} maxLength={SupportLimits.subjectMax} disabled={sending} onChange={(event) => setSubject(event.target.value)} error={errors.subject} />
          <TextArea label="Message" value={message} maxLength={SupportLimits.messageMax} rows={5} disabled={sending} onChange={(event) => setMessage(event.target.value)} error={errors.message} />
          {errors.form && <FormError role="alert">{errors.form}</FormError>}
          <Button $variant="secondary" type="submit" disabled={sending} aria-busy={sending}>
            {sending ? 'Sending...' : 'Send to support'}
          </Button>
        </Form>
      )}
    </Panel>
  );
}

const Form = styled.form`
  display: grid;
  gap: 12px;
  padding: 8px 6px 4px;
`;

const Confirmation = styled.div`
  display: grid;
  gap: 10px;
  padding: 8px 6px 4px;
  p:first-child {
    margin: 0;
    display: flex;
    gap: 8px;
    align-items: center;
    color: ${({ theme }) => theme.color.text};
  }
`;

const FormError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
`;
