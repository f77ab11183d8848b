/** Text without the invisible marks that keep numbers and names in their own direction. */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '');
