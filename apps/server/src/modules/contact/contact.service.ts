import type { ContactMessageReceipt, contactMessageInputSchema } from '@souq/contracts/contact';
import type { z } from 'zod';
import type { ContactRepository } from './contact.repository';

type ContactMessage = z.output<typeof contactMessageInputSchema>;

const RECEIPT: ContactMessageReceipt = {
  status: 'received',
  message: 'Thank you for your message. We reply within one working day.',
};

export function createContactService({ repository }: { repository: ContactRepository }) {
  return {
    /**
     * Stores a message from the contact form. A filled honeypot field means a bot: it gets the
     * same receipt as a person, so it learns nothing, and its message is dropped.
     */
    async receiveMessage(input: ContactMessage): Promise<ContactMessageReceipt> {
      if (input.website.trim() !== '') return RECEIPT;
      await repository.saveMessage({
        name: input.name,
        email: input.email,
        phone: input.phone,
        message: input.message,
      });
      return RECEIPT;
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
