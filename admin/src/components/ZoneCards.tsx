// The cards of a hub zone as a grid of MUI cards, each a link to its page. `extra` lets the hub
// page add live details (a widget's on/off chip) under the cards it knows.
import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ZoneCard } from '../plugin';

export interface ZoneCardsProps {
  zone: string;
  cards: ZoneCard[];
  extra?: (card: ZoneCard) => ReactNode;
}

export function ZoneCards({ zone, cards, extra }: ZoneCardsProps) {
  const translate = useTranslate();
  return (
    <Box data-zone={zone} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
      {cards.map((card) => (
        <Card key={card.key} sx={{ display: 'flex' }}>
          <CardActionArea component={Link} to={card.to} sx={{ display: 'flex', alignItems: 'stretch' }}>
            <CardContent sx={{ display: 'grid', gap: 1, alignContent: 'start', width: '100%' }}>
              <Typography variant="h6" component="h2" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                {card.icon && <card.icon />}
                {translate(card.titleKey)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate(card.descriptionKey)}
              </Typography>
              {extra?.(card)}
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
