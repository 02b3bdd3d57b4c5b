/** A site testimonial: fixed data. */
export interface Testimonial {
  name: string;
  role: string;
  content: string;
  rating: number;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Priya Sharma',
    role: 'Marketing Director, Mumbai',
    content:
      'I arrived burnt out and disconnected from myself. Through our sessions I rediscovered my intuition and the courage to redesign my career around what truly matters. I feel like I am finally living my own life.',
    rating: 5,
  },
  {
    name: 'James Whitfield',
    role: 'Software Engineer, London',
    content:
      'As a sceptic, I did not expect much. The practices were grounded and practical, and the compassion was real. My anxiety is a fraction of what it was, and I sleep through the night again.',
    rating: 5,
  },
  {
    name: 'Ananya Iyer',
    role: 'Yoga Teacher, Bengaluru',
    content:
      'Heal to Rise helped me grieve a loss I had buried for a decade. I was held with such tenderness. Today I teach from a much deeper, more authentic place.',
    rating: 5,
  },
  {
    name: 'Rohan Mehta',
    role: 'Entrepreneur, Delhi',
    content:
      'The mentorship transformed how I lead. My team noticed the change before I did: more presence, less reactivity, clearer decisions. Worth every rupee.',
    rating: 5,
  },
  {
    name: 'Sofia Alvarez',
    role: 'Artist, Barcelona',
    content:
      'The weekend retreat was a true breakthrough. Three days of silence, ceremony and honest conversation cracked open a creativity I thought I had lost.',
    rating: 5,
  },
  {
    name: 'Kavita Nair',
    role: 'Mother of two, Kochi',
    content:
      'The monthly circle is my sanctuary. I have found friends, calm and a daily practice that makes me a more patient, joyful mother.',
    rating: 5,
  },
];
