import { Link } from 'react-router';

export const meta = () => [{ title: 'Not found · Croupier back office' }];

export default function NotFound() {
  return (
    <section className="panel">
      <h1>Not found</h1>
      <p>
        There is no such page in the back office. <Link to="/">Go to the dashboard</Link>.
      </p>
    </section>
  );
}
